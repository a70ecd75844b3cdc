// memoryd's MCP server driven by the official TypeScript MCP SDK: over streamable HTTP with a
// bearer key, and over stdio (memoryd mcp). Prints one JSON object of what it saw.
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const config = JSON.parse(readFileSync(process.argv[2], "utf8"));
const seen = {};

const http = new Client({ name: "ts-test", version: "1.0.0" });
await http.connect(
  new StreamableHTTPClientTransport(new URL(config.url), {
    requestInit: { headers: { Authorization: `Bearer ${config.key}` } },
  }),
);
seen.tools = (await http.listTools()).tools.map((t) => t.name).sort();
const saved = await http.callTool({
  name: "memory_save",
  arguments: { type: "decision", title: "Queue", content: config.fact },
});
seen.saved = saved.structuredContent;
const again = await http.callTool({
  name: "memory_save",
  arguments: { type: "decision", title: "Queue again", content: config.fact },
});
seen.duplicate = {
  isError: again.isError,
  parsed: JSON.parse(again.content[0].text),
  structured: again.structuredContent,
};
seen.resources = (await http.listResources()).resources.map((r) => r.uri);
const found = await http.callTool({ name: "memory_search", arguments: { query: config.query } });
seen.found = found.structuredContent.memories.map((m) => m.id);
const prompt = await http.getPrompt({ name: "memory_context", arguments: {} });
seen.block = prompt.messages[0].content.text;
await http.close();

const stdio = new Client({ name: "ts-test", version: "1.0.0" });
await stdio.connect(new StdioClientTransport(config.stdio));
const listed = await stdio.callTool({ name: "memory_list", arguments: { types: ["decision"] } });
seen.stdio_listed = listed.structuredContent.memories.map((m) => m.id);
await stdio.close();

process.stdout.write(JSON.stringify(seen));
