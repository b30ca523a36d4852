/** xhr2 (test-only XMLHttpRequest for Node) ships no declarations: it is the browser's class. */
declare module 'xhr2' {
  const XMLHttpRequestPolyfill: typeof XMLHttpRequest;
  export default XMLHttpRequestPolyfill;
}
