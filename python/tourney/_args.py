"""The public functions' argument checks: a TypeError or ValueError that names the argument
the caller typed, before anything reaches the extension module (whose own type errors would
list C++ signatures)."""

import numbers
import os
import secrets
from typing import Any, Optional

# The engine's seeds are unsigned 64-bit; the JSON writes them as signed 64-bit, so seeds
# drawn here (seed=None, a numpy Generator) stay below 2**63.
_SEED_LIMIT = 2**63


def integer(value: Any, name: str, minimum: Optional[int] = None,
            maximum: Optional[int] = None) -> int:
    """``value`` as an int: an integer, or a float with no fractional part (1e3). TypeError
    for another type (bool included), ValueError for 10.9 or a value outside the bounds."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}: an integer, not {type(value).__name__} ({value!r})")
    if not isinstance(value, numbers.Integral):
        as_float = float(value)
        if not as_float.is_integer():
            raise ValueError(f"{name}: an integer, not {value!r}")
        value = as_float
    result = int(value)
    if minimum is not None and result < minimum:
        raise ValueError(f"{name}: must be at least {minimum}, not {result}")
    if maximum is not None and result > maximum:
        raise ValueError(f"{name}: must be at most {maximum}, not {result}")
    return result


def real(value: Any, name: str, low: Optional[float] = None, high: Optional[float] = None,
         open_low: bool = False, open_high: bool = False) -> float:
    """``value`` as a finite float within [low, high] (an open end when asked)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name}: a number, not {type(value).__name__} ({value!r})")
    result = float(value)
    if result != result or result in (float("inf"), float("-inf")):
        raise ValueError(f"{name}: a finite number, not {value!r}")
    if low is not None and (result < low or (open_low and result == low)):
        raise ValueError(f"{name}: must be {'above' if open_low else 'at least'} {low}, "
                         f"not {value!r}")
    if high is not None and (result > high or (open_high and result == high)):
        raise ValueError(f"{name}: must be {'below' if open_high else 'at most'} {high}, "
                         f"not {value!r}")
    return result


def seed(value: Any, name: str = "seed") -> int:
    """The engine's seed for ``value``: an integer 0..2**64-1 as it is; None draws one from the
    operating system (the board's ``attrs["board"]["seed"]`` records it, so the result can be
    repeated); a numpy Generator (or RandomState) draws one from itself, advancing it."""
    if value is None:
        return secrets.randbelow(_SEED_LIMIT)
    draw = getattr(value, "integers", None) or getattr(value, "randint", None)
    if draw is not None and not isinstance(value, numbers.Number):
        import numpy as np
        return int(draw(0, _SEED_LIMIT, dtype=np.int64))
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name}: an integer, None or a numpy.random.Generator, not "
                        f"{type(value).__name__} ({value!r})")
    return integer(value, name, 0, 2**64 - 1)


def choice(value: Any, name: str, allowed) -> str:
    """``value`` when it is one of the strings ``allowed``; else ValueError listing them."""
    if not isinstance(value, str):
        raise TypeError(f"{name}: a string, not {type(value).__name__} ({value!r})")
    if value not in allowed:
        raise ValueError(f"{name}: '{value}' is not one of {', '.join(allowed)}")
    return value


def flag(value: Any, name: str) -> bool:
    """``value`` as a bool: True, False (or numpy's bools); TypeError for anything else."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise TypeError(f"{name}: True or False, not {type(value).__name__} ({value!r})")


def path(value: Any, name: str) -> str:
    """A file path (str or os.PathLike) as str."""
    if not isinstance(value, (str, os.PathLike)):
        raise TypeError(f"{name}: a file path, not {type(value).__name__}")
    return os.fspath(value)
