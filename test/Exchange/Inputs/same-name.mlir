// Two functions named @f, in nested modules.
module {
  module {
    func.func @f() {
      %a = memref.alloc() : memref<4xf32>
      return
    }
  }
  module {
    func.func @f() {
      %a = memref.alloc() : memref<4xf32>
      return
    }
  }
}
