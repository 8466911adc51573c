print("RequestProperties: not built yet")
