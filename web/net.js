// net.js -- the WebSocket to the ddz server that served this page (docs/PROTOCOL.md): hello
// with the token kept in localStorage, reconnects with back-off, and stops when replaced.

/** @typedef {{type: string, [k: string]: any}} Msg */

const TOKEN = 'ddz.token';

export class Net {
  /**
   * @param {(m: Msg) => void} onMessage every message from the server
   * @param {(status: 'connecting'|'open'|'closed'|'replaced') => void} onStatus
   * @param {() => string} name the nickname to say hello with
   */
  constructor(onMessage, onStatus, name) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.name = name;
    /** @type {WebSocket|null} */
    this.ws = null;
    this.retry = 0;
    this.replaced = false;
    /** @type {ReturnType<typeof setTimeout>|null} */
    this.timer = null;
  }

  /** The reconnect token, if this browser has one. */
  get token() { try { return localStorage.getItem(TOKEN); } catch { return null; } }
  set token(v) { try { if (v) localStorage.setItem(TOKEN, v); else localStorage.removeItem(TOKEN); } catch { /* private mode */ } }

  connect() {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    this.replaced = false;
    this.onStatus('connecting');
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      this.hello();
    };
    ws.onmessage = (ev) => {
      /** @type {Msg} */
      let m;
      try { m = JSON.parse(String(ev.data)); } catch { return; }
      if (m.type === 'welcome') {
        if (m.token) this.token = m.token;
        this.onStatus('open');
      } else if (m.type === 'error' && m.code === 'bad_token') {
        this.token = null;
        this.hello();
      } else if (m.type === 'error' && m.code === 'replaced') {
        this.replaced = true;
        this.onStatus('replaced');
      }
      this.onMessage(m);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.replaced) return;
      this.onStatus('closed');
      const delay = Math.min(5000, 300 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  hello() {
    /** @type {Msg} */
    const m = { type: 'hello', version: 1 };
    const name = this.name();
    if (name) m.name = name;
    const token = this.token;
    if (token) m.token = token;
    this.send(m);
  }

  /** Sends one message; false when the connection is not open. @param {Msg} m */
  send(m) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(m));
    return true;
  }

  /** Says hello again on a new connection (a new name: hello is once per connection). */
  reconnect() {
    const ws = this.ws;
    this.ws = null;
    if (ws) { ws.onclose = null; ws.close(); }
    this.connect();
  }

  /** Drops the connection as a network failure would (the reconnect follows). */
  drop() { if (this.ws) this.ws.close(); }
}
