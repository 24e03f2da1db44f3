import functools

@functools.partial(jax.jit, static_argnames=["causal"])
def flash_attention(q, k, v, causal=False):
  return _flash_attention(q, k, v, causal)

class BlockSizes:
  block_q: int

  def __post_init__(self):
    def check(x):
      return x
    if self.block_q < 0:
      raise ValueError("no")

async def later():
  pass
