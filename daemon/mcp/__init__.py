"""memoryd over the Model Context Protocol: stdio (``memoryd mcp``) and streamable HTTP."""
