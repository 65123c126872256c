//! The part of libexpat's C API (expat.h, 2.4+) that `pyexpat` uses.
#![allow(non_camel_case_types, dead_code)]

use libc::{c_char, c_int, c_long, c_uint, c_ulong, c_void};

pub type XML_Parser = *mut c_void;
pub type XML_Char = c_char;
pub type XML_Bool = u8;

#[repr(C)]
pub struct XML_Content {
    pub type_: c_int,
    pub quant: c_int,
    pub name: *mut XML_Char,
    pub numchildren: c_uint,
    pub children: *mut XML_Content,
}

#[repr(C)]
pub struct XML_Encoding {
    pub map: [c_int; 256],
    pub data: *mut c_void,
    pub convert: Option<unsafe extern "C" fn(*mut c_void, *const c_char) -> c_int>,
    pub release: Option<unsafe extern "C" fn(*mut c_void)>,
}

#[repr(C)]
pub struct XML_Feature {
    pub feature: c_int,
    pub name: *const c_char,
    pub value: c_long,
}

#[repr(C)]
pub struct XML_Expat_Version {
    pub major: c_int,
    pub minor: c_int,
    pub micro: c_int,
}

type UD = *mut c_void;
type S = *const XML_Char;
pub type StartElementHandler = unsafe extern "C" fn(UD, S, *mut S);
pub type EndElementHandler = unsafe extern "C" fn(UD, S);
pub type CharacterDataHandler = unsafe extern "C" fn(UD, S, c_int);
pub type ProcessingInstructionHandler = unsafe extern "C" fn(UD, S, S);
pub type CommentHandler = unsafe extern "C" fn(UD, S);
pub type VoidHandler = unsafe extern "C" fn(UD);
pub type DefaultHandler = unsafe extern "C" fn(UD, S, c_int);
pub type StartDoctypeDeclHandler = unsafe extern "C" fn(UD, S, S, S, c_int);
pub type UnparsedEntityDeclHandler = unsafe extern "C" fn(UD, S, S, S, S, S);
pub type NotationDeclHandler = unsafe extern "C" fn(UD, S, S, S, S);
pub type StartNamespaceDeclHandler = unsafe extern "C" fn(UD, S, S);
pub type EndNamespaceDeclHandler = unsafe extern "C" fn(UD, S);
pub type NotStandaloneHandler = unsafe extern "C" fn(UD) -> c_int;
pub type ExternalEntityRefHandler = unsafe extern "C" fn(XML_Parser, S, S, S, S) -> c_int;
pub type SkippedEntityHandler = unsafe extern "C" fn(UD, S, c_int);
pub type UnknownEncodingHandler = unsafe extern "C" fn(UD, S, *mut XML_Encoding) -> c_int;
pub type ElementDeclHandler = unsafe extern "C" fn(UD, S, *mut XML_Content);
pub type AttlistDeclHandler = unsafe extern "C" fn(UD, S, S, S, S, c_int);
pub type XmlDeclHandler = unsafe extern "C" fn(UD, S, S, c_int);
pub type EntityDeclHandler = unsafe extern "C" fn(UD, S, c_int, S, c_int, S, S, S, S);

extern "C" {
    pub fn XML_ParserCreate_MM(encoding: S, memsuite: *const c_void, sep: S) -> XML_Parser;
    pub fn XML_ExternalEntityParserCreate(parser: XML_Parser, context: S, encoding: S) -> XML_Parser;
    pub fn XML_ParserFree(parser: XML_Parser);
    pub fn XML_SetUserData(parser: XML_Parser, data: *mut c_void);
    pub fn XML_SetEncoding(parser: XML_Parser, encoding: S) -> c_int;
    pub fn XML_Parse(parser: XML_Parser, s: *const c_char, len: c_int, is_final: c_int) -> c_int;
    pub fn XML_GetBuffer(parser: XML_Parser, len: c_int) -> *mut c_void;
    pub fn XML_ParseBuffer(parser: XML_Parser, len: c_int, is_final: c_int) -> c_int;
    pub fn XML_StopParser(parser: XML_Parser, resumable: XML_Bool) -> c_int;
    pub fn XML_GetErrorCode(parser: XML_Parser) -> c_int;
    pub fn XML_ErrorString(code: c_int) -> *const c_char;
    pub fn XML_GetCurrentLineNumber(parser: XML_Parser) -> c_ulong;
    pub fn XML_GetCurrentColumnNumber(parser: XML_Parser) -> c_ulong;
    pub fn XML_GetCurrentByteIndex(parser: XML_Parser) -> c_long;
    pub fn XML_GetInputContext(parser: XML_Parser, offset: *mut c_int, size: *mut c_int) -> *const c_char;
    pub fn XML_GetSpecifiedAttributeCount(parser: XML_Parser) -> c_int;
    pub fn XML_SetReturnNSTriplet(parser: XML_Parser, do_nst: c_int);
    pub fn XML_SetParamEntityParsing(parser: XML_Parser, parsing: c_int) -> c_int;
    pub fn XML_UseForeignDTD(parser: XML_Parser, use_dtd: XML_Bool) -> c_int;
    pub fn XML_SetBase(parser: XML_Parser, base: S) -> c_int;
    pub fn XML_GetBase(parser: XML_Parser) -> S;
    pub fn XML_SetHashSalt(parser: XML_Parser, salt: c_ulong) -> c_int;
    pub fn XML_FreeContentModel(parser: XML_Parser, model: *mut XML_Content);
    pub fn XML_ExpatVersion() -> *const c_char;
    pub fn XML_ExpatVersionInfo() -> XML_Expat_Version;
    pub fn XML_GetFeatureList() -> *const XML_Feature;

    pub fn XML_SetStartElementHandler(p: XML_Parser, h: Option<StartElementHandler>);
    pub fn XML_SetEndElementHandler(p: XML_Parser, h: Option<EndElementHandler>);
    pub fn XML_SetProcessingInstructionHandler(p: XML_Parser, h: Option<ProcessingInstructionHandler>);
    pub fn XML_SetCharacterDataHandler(p: XML_Parser, h: Option<CharacterDataHandler>);
    pub fn XML_SetUnparsedEntityDeclHandler(p: XML_Parser, h: Option<UnparsedEntityDeclHandler>);
    pub fn XML_SetNotationDeclHandler(p: XML_Parser, h: Option<NotationDeclHandler>);
    pub fn XML_SetStartNamespaceDeclHandler(p: XML_Parser, h: Option<StartNamespaceDeclHandler>);
    pub fn XML_SetEndNamespaceDeclHandler(p: XML_Parser, h: Option<EndNamespaceDeclHandler>);
    pub fn XML_SetCommentHandler(p: XML_Parser, h: Option<CommentHandler>);
    pub fn XML_SetStartCdataSectionHandler(p: XML_Parser, h: Option<VoidHandler>);
    pub fn XML_SetEndCdataSectionHandler(p: XML_Parser, h: Option<VoidHandler>);
    pub fn XML_SetDefaultHandler(p: XML_Parser, h: Option<DefaultHandler>);
    pub fn XML_SetDefaultHandlerExpand(p: XML_Parser, h: Option<DefaultHandler>);
    pub fn XML_SetNotStandaloneHandler(p: XML_Parser, h: Option<NotStandaloneHandler>);
    pub fn XML_SetExternalEntityRefHandler(p: XML_Parser, h: Option<ExternalEntityRefHandler>);
    pub fn XML_SetStartDoctypeDeclHandler(p: XML_Parser, h: Option<StartDoctypeDeclHandler>);
    pub fn XML_SetEndDoctypeDeclHandler(p: XML_Parser, h: Option<VoidHandler>);
    pub fn XML_SetEntityDeclHandler(p: XML_Parser, h: Option<EntityDeclHandler>);
    pub fn XML_SetXmlDeclHandler(p: XML_Parser, h: Option<XmlDeclHandler>);
    pub fn XML_SetElementDeclHandler(p: XML_Parser, h: Option<ElementDeclHandler>);
    pub fn XML_SetAttlistDeclHandler(p: XML_Parser, h: Option<AttlistDeclHandler>);
    pub fn XML_SetSkippedEntityHandler(p: XML_Parser, h: Option<SkippedEntityHandler>);
    pub fn XML_SetUnknownEncodingHandler(p: XML_Parser, h: Option<UnknownEncodingHandler>, data: *mut c_void);
}

/// `XML_GetUserData` is a macro in expat.h: the user data is the first
/// field of the parser struct.
pub unsafe fn get_user_data(parser: XML_Parser) -> *mut c_void {
    *(parser as *mut *mut c_void)
}
