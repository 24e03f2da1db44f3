def f(
    a,
    b):
  """doc
def not_a_def():
"""
  x = """
  class Fake:
"""
  return a
	def tabbed():
		pass
def g(): pass
