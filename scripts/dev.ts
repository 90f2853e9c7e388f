import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

/** `npm run dev`: the API with reload on :3000 and Vite with hot reload on :5173 (proxying /api). */
const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const env = {
  ...process.env,
  NODE_ENV: "development",
  PUBLIC_URL: process.env.PUBLIC_URL ?? "http://localhost:5173",
};

const children: ChildProcess[] = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "--include", "src/domain/**", "scripts/serve-api.ts"], {
    cwd: root,
    env,
    stdio: "inherit",
  }),
  spawn(bin("vite"), ["--port", "5173"], { cwd: root, env, stdio: "inherit" }),
];

let isStopping = false;
const stopAll = (code: number) => {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(children.map((child) => new Promise((resolve) => child.once("exit", resolve)))).then(() =>
    process.exit(code),
  );
};
for (const child of children) child.once("exit", (code) => stopAll(code ?? 0));
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
