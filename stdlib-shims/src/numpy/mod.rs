//! hipy's `numpy` (with `numpy.random`): the ndarray type, its scalars and
//! dtypes, the module's functions, and NumPy's printing rules, built on the
//! lazy engine in `hipy_lazy`.

pub(crate) mod args;
pub(crate) mod complex_native;
pub(crate) mod datetimes;
pub(crate) mod convert;
pub(crate) mod dtype_obj;
pub(crate) mod flags;
// The printing and random-number modules expose complete APIs, of which the
// shim uses a part; they are public for their recorded-output tests.
pub mod format;
pub(crate) mod functions;
pub(crate) mod index;
pub(crate) mod linalg_native;
pub(crate) mod ndarray;
pub(crate) mod numpy_mod;
pub(crate) mod objects;
pub(crate) mod ops;
pub(crate) mod pin;
pub(crate) mod public_names;
pub(crate) mod pylib;
pub mod random;
pub(crate) mod random_mod;
pub(crate) mod reductions;
pub(crate) mod scalar;
pub(crate) mod strings_native;
