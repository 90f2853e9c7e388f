/**
 * The Node.js flags `npm start` gives the API server (package.json), so that a benchmark's server
 * runs as production does (decision 060): a young generation of 64 MB semi-spaces, where the
 * default 16 MB made V8 scavenge so often under load that it cost about a tenth of the server's
 * CPU per search request.
 */
export const API_NODE_FLAGS = ["--max-semi-space-size=64"];
