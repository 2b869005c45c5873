"""The rules of ygocheck, in Answer Set Programming (shipped as package data)."""
