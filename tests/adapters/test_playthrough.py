"""OpenSpiel's playthrough regression test (open_spiel/integration_tests/playthrough_test.py):
the committed `generate_playthrough` file of `python_snowdonia(players=2)` is replayed
action by action and must come out identical - every observation string and tensor
(public, private and the seat's own), information state, legal action, chance
probability and return. Regenerate it, after a deliberate change, with:

    python3 -c "from absl import flags; flags.FLAGS(['x']); import snowdonia.adapters.openspiel; \\
        from open_spiel.python.algorithms import generate_playthrough as gp; \\
        open('tests/adapters/playthroughs/python_snowdonia_2p.txt', 'w').write( \\
        gp.playthrough('python_snowdonia(players=2)', None, seed=7))"
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from absl import flags  # noqa: E402
from open_spiel.python.algorithms import generate_playthrough  # noqa: E402

import snowdonia.adapters.openspiel  # noqa: E402,F401 - registers python_snowdonia

FILE = Path(__file__).parent / "playthroughs" / "python_snowdonia_2p.txt"


def test_the_committed_playthrough_replays_identically() -> None:
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    original, regenerated = generate_playthrough.replay(str(FILE))
    assert "GameType.provides_information_state_tensor = False" in original
    assert "PublicObservationString" in original and "PrivateObservationString" in original
    assert original == regenerated
