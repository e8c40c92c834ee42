print("vtrack")
