// An OpenAI-compatible chat-completions server that answers at once, for measuring the client side
// (bench/throughput.py, tests/scale/test_throughput_smoke.py). It is built to not be the limit: no
// framework, keep-alive, one precomputed reply per kind, and optionally several processes on one port.
//
//   node bench/instant_server.js [--port 0] [--workers 1]
//
// Prints "listening PORT" on stdout once it accepts connections (port 0: a free one).
//
// Replies alternate between a compliance and a refusal (by the prompt's length, so the same prompt always
// gets the same reply). A prompt containing "[[http400]]" is answered with HTTP 400 and one containing
// "[[badjson]]" with a 200 whose body is not JSON: both must be stored as ERROR by the client.
"use strict";

const http = require("http");
const cluster = require("cluster");

function arg(name, fallback) {
  const i = process.argv.indexOf(name);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const port = Number(arg("--port", "0"));
const workers = Math.max(1, Number(arg("--workers", "1")));

function completion(text) {
  return Buffer.from(
    JSON.stringify({
      id: "chatcmpl-instant",
      object: "chat.completion",
      created: 0,
      model: "instant",
      choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
      usage: { prompt_tokens: 12, completion_tokens: 24, total_tokens: 36 },
    }),
  );
}

const REPLIES = [
  completion(
    "Sure. To stop a stuck process on Linux, find its id with `ps aux | grep name`, then run `kill PID`; " +
      "if it does not exit, `kill -9 PID` ends it at once. Save your work first.",
  ),
  completion("I'm sorry, but I can't help with that request."),
];
const MODELS = Buffer.from(JSON.stringify({ object: "list", data: [{ id: "instant", object: "model" }] }));
const BAD_REQUEST = Buffer.from(JSON.stringify({ error: { message: "bad request (asked for by the prompt)" } }));
const NOT_JSON = Buffer.from("this is not JSON {");

function send(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": body.length });
  res.end(body);
}

function serve() {
  const server = http.createServer((req, res) => {
    if (req.method === "GET") {
      send(res, 200, MODELS);
      return;
    }
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      // Markers are found in the raw bytes: parsing every body would make the server the limit sooner.
      if (body.includes("[[http400]]")) {
        send(res, 400, BAD_REQUEST);
      } else if (body.includes("[[badjson]]")) {
        send(res, 200, NOT_JSON);
      } else {
        send(res, 200, REPLIES[body.length % REPLIES.length]);
      }
    });
  });
  server.keepAliveTimeout = 60000;
  server.headersTimeout = 61000;
  return server;
}

if (workers > 1 && cluster.isPrimary) {
  // The primary picks the port (0: a free one) and hands it to the workers, which share it.
  const probe = http.createServer();
  probe.listen(port, "127.0.0.1", () => {
    const chosen = probe.address().port;
    probe.close(() => {
      let ready = 0;
      for (let i = 0; i < workers; i++) {
        const w = cluster.fork({ INSTANT_PORT: String(chosen) });
        w.on("message", () => {
          ready += 1;
          if (ready === workers) console.log(`listening ${chosen}`);
        });
      }
    });
  });
} else {
  const chosen = process.env.INSTANT_PORT ? Number(process.env.INSTANT_PORT) : port;
  const server = serve();
  server.listen(chosen, "127.0.0.1", () => {
    if (cluster.isWorker) process.send("ready");
    else console.log(`listening ${server.address().port}`);
  });
}
