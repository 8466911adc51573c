print("scanner-benchmark: not built yet")
