print("SyncToAsync: not built yet")
