//! Writes of computed values into regions of existing buffers (slice
//! assignment of a value that is already stored).

use super::kernels::{self, Operand};
use crate::buffer::{Array, Buffer, Element};
use crate::layout::Layout;
use crate::with_dtype;

/// Copies `value` into the elements of `buffer` that `region` selects,
/// converting C-style to the buffer's dtype. `value` is broadcast to the
/// region's shape (the caller checked that it can be).
pub fn copy_into(buffer: &mut Buffer, region: &Layout, value: &Array) {
    let n = region.size();
    if n == 0 {
        return;
    }
    let src = value.layout.broadcast_to(&region.shape).expect("broadcast checked by the caller");
    let dtype = buffer.dtype();
    if src.is_splat() {
        let v = value.buffer.get(src.offset).cast(dtype);
        with_dtype!(dtype, T => {
            let x = T::from_scalar(v);
            let dst = T::slice_mut(buffer);
            region.for_each_run(0, n, |pos, len, stride| {
                let mut q = pos;
                for _ in 0..len {
                    dst[q as usize] = x;
                    q += stride;
                }
            });
        });
        return;
    }
    // The values in C order, in the buffer's dtype.
    let ordered = Array::new(value.buffer.clone(), src).to_contiguous();
    let converted = if ordered.dtype() == dtype {
        ordered.buffer
    } else {
        let mut out = Buffer::for_overwrite(dtype, n);
        kernels::cast(&Operand::Slice(ordered.buffer.range(ordered.layout.offset, n)), out.range_mut(0, n));
        std::sync::Arc::new(out)
    };
    with_dtype!(dtype, T => {
        let vals = T::slice(&converted);
        let dst = T::slice_mut(buffer);
        let mut k = 0;
        region.for_each_run(0, n, |pos, len, stride| {
            if stride == 1 {
                let p = pos as usize;
                dst[p..p + len].copy_from_slice(&vals[k..k + len]);
            } else {
                let mut q = pos;
                for &x in &vals[k..k + len] {
                    dst[q as usize] = x;
                    q += stride;
                }
            }
            k += len;
        });
    });
}
