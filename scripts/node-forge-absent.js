// Stands in for node-forge in loopkit's bundle of @anthropic-ai/sandbox-runtime. The library needs
// node-forge only for TLS termination (network.tlsTerminate, a MITM certificate authority), which
// loopkit never configures; bundling it would add 600 KB to every sandboxed verifier start. Reading a
// property gives another stand-in (the library reads a few when it loads); calling one fails loudly.
const unavailable = () => {
  throw new Error("node-forge is not bundled with loopkit: the sandbox's TLS termination is not available");
};
const part = new Proxy(unavailable, { get: () => part, apply: unavailable, construct: unavailable });
export default part;
