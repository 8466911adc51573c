print("CapturingProtocol: not built yet")
