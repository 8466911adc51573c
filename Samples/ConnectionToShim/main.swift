print("ConnectionToShim: not built yet")
