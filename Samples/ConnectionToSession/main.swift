print("ConnectionToSession: not built yet")
