print("shim-benchmark: not built yet")
