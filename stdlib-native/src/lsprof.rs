//! `_lsprof`, the profiler behind `cProfile`, as CPython 3.11 has it: a
//! `Profiler` type (enable, disable, getstats, clear) that installs itself
//! as the profile function and counts calls and times per function and per
//! caller/callee pair, with CPython's labels for builtins.

pub(crate) use lsprof::module_def;

#[rustpython_vm::pymodule(name = "_lsprof")]
mod lsprof {
    use std::collections::HashMap;
    use std::time::Instant;

    use rustpython_vm::builtins::{PyModule, PyStr, PyType, PyTypeRef};
    use rustpython_vm::common::lock::PyMutex;
    use rustpython_vm::function::{FuncArgs, OptionalArg};
    use rustpython_vm::types::Constructor;
    use rustpython_vm::{
        pyclass, AsObject, Py, PyObjectRef, PyPayload, PyRef, PyResult, VirtualMachine,
    };

    const HELPERS: &str = "
from collections import namedtuple as _nt
profiler_entry = _nt('profiler_entry', 'code callcount reccallcount totaltime inlinetime calls')
profiler_entry.__module__ = '_lsprof'
profiler_subentry = _nt('profiler_subentry', 'code callcount reccallcount totaltime inlinetime')
profiler_subentry.__module__ = '_lsprof'
del _nt
";

    pub(crate) fn module_exec(vm: &VirtualMachine, module: &Py<PyModule>) -> PyResult<()> {
        __module_exec(vm, module);
        let exec = vm.builtins.get_attr("exec", vm)?;
        exec.call((HELPERS, module.dict()), vm)?;
        Ok(())
    }

    #[derive(Clone, PartialEq, Eq, Hash)]
    enum Key {
        Obj(usize),
        Label(String),
    }

    #[derive(Default)]
    struct Sub {
        callcount: u64,
        reccallcount: u64,
        tt: f64,
        it: f64,
        level: u64,
    }

    struct Entry {
        code: PyObjectRef,
        callcount: u64,
        reccallcount: u64,
        tt: f64,
        it: f64,
        level: u64,
        calls: HashMap<Key, Sub>,
        order: Vec<Key>,
    }

    struct Context {
        key: Key,
        t0: f64,
        subt: f64,
    }

    #[derive(Default)]
    struct State {
        entries: HashMap<Key, Entry>,
        order: Vec<Key>,
        stack: Vec<Context>,
        subcalls: bool,
        builtins: bool,
    }

    #[pyattr]
    #[pyclass(module = "_lsprof", name = "Profiler")]
    #[derive(PyPayload)]
    pub(crate) struct Profiler {
        state: PyMutex<State>,
        timer: Option<PyObjectRef>,
        timeunit: f64,
        start: Instant,
    }

    impl std::fmt::Debug for Profiler {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("Profiler")
        }
    }

    impl Constructor for Profiler {
        type Args = FuncArgs;

        fn py_new(_cls: &Py<PyType>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<Self> {
            let get = |i: usize, name: &str| args.args.get(i).cloned().or_else(|| args.kwargs.get(name).cloned());
            let timer = get(0, "timer").filter(|t| !vm.is_none(t));
            let timeunit = match get(1, "timeunit") {
                Some(u) => u.try_float(vm)?.to_f64(),
                None => 0.0,
            };
            let truth = |v: Option<PyObjectRef>| -> PyResult<bool> {
                match v {
                    Some(v) => v.try_to_bool(vm),
                    None => Ok(true),
                }
            };
            let subcalls = truth(get(2, "subcalls"))?;
            let builtins = truth(get(3, "builtins"))?;
            Ok(Profiler {
                state: PyMutex::new(State { subcalls, builtins, ..Default::default() }),
                timer,
                timeunit,
                start: Instant::now(),
            })
        }
    }

    /// CPython's label for a builtin function or method (`normalizeUserObj`).
    fn builtin_label(vm: &VirtualMachine, f: &PyObjectRef) -> String {
        let name = f
            .get_attr("__name__", vm)
            .ok()
            .and_then(|n| n.downcast::<PyStr>().ok())
            .map(|s| s.as_wtf8().to_string())
            .unwrap_or_default();
        let module = f
            .get_attr("__module__", vm)
            .ok()
            .and_then(|n| n.downcast::<PyStr>().ok())
            .map(|s| s.as_wtf8().to_string());
        let this = f.get_attr("__self__", vm).ok().filter(|s| !vm.is_none(s));
        match this {
            None => match module.as_deref() {
                Some(m) if m != "builtins" => format!("<{m}.{name}>"),
                // A builtin that hipy replaces has no module: CPython's
                // is in builtins.
                _ => format!("<built-in method builtins.{name}>"),
            },
            Some(s) => {
                if s.class().is(vm.ctx.types.module_type) {
                    let m = module.unwrap_or_else(|| "builtins".to_owned());
                    return format!("<built-in method {m}.{name}>");
                }
                if let Some(mo) = s.class().get_attr(vm.ctx.intern_str(name.as_str())) {
                    if mo.class().is(vm.ctx.types.method_descriptor_type) {
                        // CPython names the type by its tp_name, which
                        // carries the module of extension types.
                        let owner = mo.get_attr("__objclass__", vm).ok().and_then(|c| c.downcast::<PyType>().ok());
                        let cls = owner.unwrap_or_else(|| s.class().to_owned());
                        let module = cls
                            .as_object()
                            .get_attr("__module__", vm)
                            .ok()
                            .and_then(|m| m.downcast::<PyStr>().ok())
                            .map(|m| m.as_wtf8().to_string());
                        let tp = match module.as_deref() {
                            Some(m) if m != "builtins" => format!("{m}.{}", cls.name()),
                            _ => cls.name().to_string(),
                        };
                        return format!("<method '{name}' of '{tp}' objects>");
                    }
                    if let Ok(r) = mo.repr(vm) {
                        return r.as_wtf8().to_string();
                    }
                }
                match module {
                    Some(m) => format!("<built-in method {m}.{name}>"),
                    None => format!("<built-in method {name}>"),
                }
            }
        }
    }

    #[pyclass(with(Constructor), flags(BASETYPE))]
    impl Profiler {
        fn now(&self, vm: &VirtualMachine) -> f64 {
            match &self.timer {
                None => self.start.elapsed().as_secs_f64(),
                Some(t) => {
                    let v = t.call((), vm).and_then(|v| v.try_float(vm).map(|f| f.to_f64())).unwrap_or(0.0);
                    if self.timeunit > 0.0 { v * self.timeunit } else { v }
                }
            }
        }

        fn enter(&self, key: Key, code: impl FnOnce() -> PyObjectRef, vm: &VirtualMachine) {
            let t0 = self.now(vm);
            let mut st = self.state.lock();
            let subcalls = st.subcalls;
            let caller = st.stack.last().map(|c| c.key.clone());
            if !st.entries.contains_key(&key) {
                st.order.push(key.clone());
                st.entries.insert(
                    key.clone(),
                    Entry {
                        code: code(),
                        callcount: 0,
                        reccallcount: 0,
                        tt: 0.0,
                        it: 0.0,
                        level: 0,
                        calls: HashMap::new(),
                        order: Vec::new(),
                    },
                );
            }
            st.entries.get_mut(&key).unwrap().level += 1;
            if subcalls {
                if let Some(caller) = caller {
                    let ce = st.entries.get_mut(&caller).unwrap();
                    if !ce.calls.contains_key(&key) {
                        ce.order.push(key.clone());
                    }
                    ce.calls.entry(key.clone()).or_default().level += 1;
                }
            }
            st.stack.push(Context { key, t0, subt: 0.0 });
        }

        fn leave(&self, vm: &VirtualMachine) {
            let now = self.now(vm);
            let mut st = self.state.lock();
            Self::stop(&mut st, now);
        }

        fn stop(st: &mut State, now: f64) {
            let Some(ctx) = st.stack.pop() else { return };
            let tt = now - ctx.t0;
            let it = tt - ctx.subt;
            let subcalls = st.subcalls;
            let caller = st.stack.last_mut().map(|p| {
                p.subt += tt;
                p.key.clone()
            });
            let e = st.entries.get_mut(&ctx.key).unwrap();
            e.level -= 1;
            if e.level == 0 {
                e.tt += tt;
            } else {
                e.reccallcount += 1;
            }
            e.it += it;
            e.callcount += 1;
            if subcalls {
                if let Some(caller) = caller {
                    if let Some(s) = st.entries.get_mut(&caller).and_then(|c| c.calls.get_mut(&ctx.key)) {
                        s.level -= 1;
                        if s.level == 0 {
                            s.tt += tt;
                        } else {
                            s.reccallcount += 1;
                        }
                        s.it += it;
                        s.callcount += 1;
                    }
                }
            }
        }

        #[pymethod]
        fn _profile(zelf: &Py<Self>, frame: PyObjectRef, event: PyObjectRef, arg: PyObjectRef, vm: &VirtualMachine) -> PyResult<()> {
            let event = event.downcast::<PyStr>().map_err(|_| vm.new_type_error("event must be a str"))?;
            match event.as_wtf8().to_string().as_str() {
                "call" => {
                    let code = frame.get_attr("f_code", vm)?;
                    let key = Key::Obj(code.get_id());
                    zelf.enter(key, || code.clone(), vm);
                }
                "return" => zelf.leave(vm),
                "c_call" => {
                    if zelf.state.lock().builtins {
                        let label = builtin_label(vm, &arg);
                        let key = Key::Label(label.clone());
                        zelf.enter(key, || vm.ctx.new_str(label).into(), vm);
                    }
                }
                "c_return" | "c_exception" => {
                    if zelf.state.lock().builtins {
                        zelf.leave(vm);
                    }
                }
                _ => {}
            }
            Ok(())
        }

        #[pymethod]
        fn enable(zelf: PyRef<Self>, args: FuncArgs, vm: &VirtualMachine) -> PyResult<()> {
            {
                let mut st = zelf.state.lock();
                let get = |i: usize, name: &str| args.args.get(i).cloned().or_else(|| args.kwargs.get(name).cloned());
                if let Some(v) = get(0, "subcalls") {
                    st.subcalls = v.try_to_bool(vm)?;
                }
                if let Some(v) = get(1, "builtins") {
                    st.builtins = v.try_to_bool(vm)?;
                }
            }
            let hook = zelf.as_object().get_attr("_profile", vm)?;
            vm.sys_module.get_attr("setprofile", vm)?.call((hook,), vm)?;
            Ok(())
        }

        #[pymethod]
        fn disable(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult<()> {
            vm.sys_module.get_attr("setprofile", vm)?.call((vm.ctx.none(),), vm)?;
            let now = zelf.now(vm);
            let mut st = zelf.state.lock();
            while !st.stack.is_empty() {
                Self::stop(&mut st, now);
            }
            Ok(())
        }

        #[pymethod]
        fn clear(zelf: &Py<Self>) {
            let mut st = zelf.state.lock();
            st.entries.clear();
            st.order.clear();
            st.stack.clear();
        }

        #[pymethod]
        fn getstats(zelf: &Py<Self>, vm: &VirtualMachine) -> PyResult {
            let module = vm.import("_lsprof", 0)?;
            let entry_t = module.get_attr("profiler_entry", vm)?;
            let sub_t = module.get_attr("profiler_subentry", vm)?;
            let st = zelf.state.lock();
            let mut out = Vec::with_capacity(st.order.len());
            for key in &st.order {
                let e = &st.entries[key];
                let mut calls = Vec::new();
                for k in &e.order {
                    let s = &e.calls[k];
                    let code = st.entries[k].code.clone();
                    calls.push(sub_t.call(
                        (code, s.callcount, s.reccallcount, s.tt, s.it),
                        vm,
                    )?);
                }
                let calls: PyObjectRef =
                    if calls.is_empty() { vm.ctx.none() } else { vm.ctx.new_list(calls).into() };
                out.push(entry_t.call((e.code.clone(), e.callcount, e.reccallcount, e.tt, e.it, calls), vm)?);
            }
            Ok(vm.ctx.new_list(out).into())
        }
    }

    #[allow(dead_code)]
    fn _unused(_: PyTypeRef, _: OptionalArg) {}
}
