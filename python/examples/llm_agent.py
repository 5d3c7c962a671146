"""The LLM agent as a script (see eleusis_agent/llm.py for the flags):

    exec(persistent=true,timeout=300):python3 python/examples/llm_agent.py --model gpt-4o-mini
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eleusis_agent.llm import main  # noqa: E402

if __name__ == "__main__":
    main()
