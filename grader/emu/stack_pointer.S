# Reads and sets WebAssembly's shadow stack pointer (the __stack_pointer
# global that wasm-ld defines), for the fibers of fiber_asyncify.cpp.
# Non-goal: any other target.
	.globaltype __stack_pointer, i32

	.globl cuemu_stack_pointer
	.type cuemu_stack_pointer,@function
cuemu_stack_pointer:
	.functype cuemu_stack_pointer () -> (i32)
	global.get __stack_pointer
	end_function

	.globl cuemu_set_stack_pointer
	.type cuemu_set_stack_pointer,@function
cuemu_set_stack_pointer:
	.functype cuemu_set_stack_pointer (i32) -> ()
	local.get 0
	global.set __stack_pointer
	end_function
