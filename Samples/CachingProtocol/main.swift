print("CachingProtocol: not built yet")
