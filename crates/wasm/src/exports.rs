//! The module's three exports, the only place the crate allows unsafe code:
//! `#[unsafe(no_mangle)]` gives each function its name in the `.wasm`. No
//! `unsafe` block is written here. The page writes a request's bytes where
//! `grundy_request` points, calls `grundy_answer` for the answer's length,
//! and reads that many bytes where `grundy_output` points; both buffers are
//! owned by this module and valid until its next call.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    static REQUEST: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes room for a request of `len` bytes (zeroed) and returns where the
/// page writes it, or null for a request past
/// [`crate::answer::MAX_REQUEST`], which the page then does not send.
#[unsafe(no_mangle)]
pub extern "C" fn grundy_request(len: usize) -> *mut u8 {
    if len > crate::answer::MAX_REQUEST {
        return std::ptr::null_mut();
    }
    REQUEST.with_borrow_mut(|request| {
        request.clear();
        request.resize(len, 0);
        request.as_mut_ptr()
    })
}

/// Answers the request written, keeps the answer for `grundy_output` and
/// returns its length in bytes.
#[unsafe(no_mangle)]
pub extern "C" fn grundy_answer() -> usize {
    let request = REQUEST.with_borrow_mut(std::mem::take);
    let answer = crate::answer::answer(&request).into_bytes();
    let len = answer.len();
    OUTPUT.set(answer);
    len
}

/// Where the last answer is.
#[unsafe(no_mangle)]
pub extern "C" fn grundy_output() -> *const u8 {
    OUTPUT.with_borrow(|output| output.as_ptr())
}
