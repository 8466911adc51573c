// Placeholder: the command line lands with the scanner CLI work.
print("migrate-scan: not built yet")
