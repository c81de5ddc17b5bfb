// chaigames web page. textual.js (loaded just before) draws the terminal and opens the game's
// websocket on window load; this file adds what a player needs around it:
// - the terminal is started once our bundled font is there (its cells are measured in that font);
// - the terminal takes the keyboard as soon as the game's websocket is open (no click needed);
// - the tab's title follows the game (the game sends ["title", TEXT] on the websocket);
// - when the websocket closes, the page says why (the server's close code) and offers one button;
// - Ctrl+V pastes the clipboard (the browser's own paste, which the terminal passes on as a paste);
// - on a window too narrow for 80 columns, it offers to shrink the font until they fit.
(function () {
  "use strict";

  const COLUMNS_NEEDED = 80;
  const SMALLEST_FONT = 8; // the server's smallest ?fontsize

  // What the server's close code means for the player: the words, and the button's label.
  const CLOSED = {
    1000: ["You left chaigames. Your games are saved.", "Play again"],
    1001: ["The server is stopping, so this game was closed. Your games are saved.", "Try again"],
    1011: ["chaigames stopped on an error. Your games are saved up to the last move.", "Play again"],
    1013: ["Every game on this server is in use just now. Try again in a while.", "Try again"],
    4408: ["No key for {time}, so this game was closed. Your games are saved.", "Continue playing"],
  };
  const LOST = ["The connection to the server was lost. Your games are saved.", "Reconnect"];

  function terminalInput() {
    return document.querySelector("#terminal .xterm-helper-textarea");
  }

  function takeKeyboard() {
    const input = terminalInput();
    if (input) input.focus();
  }

  function closed(event) {
    const [words, button] = CLOSED[event.code] || LOST;
    document.getElementById("closed-words").textContent = words.replace("{time}", event.reason || "a while");
    document.getElementById("again").textContent = button;
    document.body.dataset.closeCode = String(event.code);
    document.title = "chaigames";
    window.setTimeout(function () {
      document.getElementById("again").focus();
    }, 0);
  }

  function heard(event) {
    if (typeof event.data !== "string") return;
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (Array.isArray(message) && message[0] === "title" && typeof message[1] === "string") {
      document.title = message[1];
    }
  }

  // textual.js makes its websocket with `new WebSocket(...)` at window load: this one listens too.
  const PageSocket = class extends window.WebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener("open", takeKeyboard);
      this.addEventListener("message", heard);
      this.addEventListener("close", closed);
    }
  };
  window.WebSocket = PageSocket;

  // Ctrl+V (and Cmd+V): let the browser paste into the terminal's input, which sends the text as a
  // paste, instead of the terminal sending a bare Ctrl+V key.
  window.addEventListener(
    "keydown",
    function (event) {
      const paste = (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key === "v";
      if (paste && event.target === terminalInput()) event.stopImmediatePropagation();
    },
    true
  );

  function fontSize() {
    return Number(document.getElementById("terminal").dataset.fontSize) || 16;
  }

  // The font size at which 80 columns fit the window: measured on a line of 80 cells in the font.
  function fittingFontSize() {
    const probe = document.createElement("span");
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre;font-family:'Roboto Mono',monospace";
    probe.style.fontSize = fontSize() + "px";
    probe.textContent = "m".repeat(COLUMNS_NEEDED);
    document.body.appendChild(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    if (!width || width <= window.innerWidth) return null;
    const size = Math.floor((fontSize() * (window.innerWidth - 4)) / width);
    return Math.max(size, SMALLEST_FONT);
  }

  function offerSmallerFont() {
    const size = fittingFontSize();
    const offer = document.getElementById("narrow");
    if (size === null || size >= fontSize()) {
      offer.hidden = true;
      return;
    }
    document.getElementById("shrink").dataset.size = String(size);
    offer.hidden = false;
  }

  const startTerminal = window.onload;
  window.onload = function (event) {
    const ready = document.fonts ? document.fonts.load('16px "Roboto Mono"') : Promise.resolve();
    ready
      .catch(function () {})
      .then(function () {
        if (startTerminal) startTerminal.call(window, event);
        offerSmallerFont();
      });
    const restart = function () {
      // a fresh page, a fresh game, in the font size the player chose
      const size = new URLSearchParams(window.location.search).get("fontsize");
      window.location.href = window.location.pathname + (size ? "?fontsize=" + encodeURIComponent(size) : "");
    };
    document.getElementById("again").addEventListener("click", restart);
    document.getElementById("start").addEventListener("click", restart);
    document.getElementById("shrink").addEventListener("click", function () {
      const query = new URLSearchParams(window.location.search);
      query.set("fontsize", this.dataset.size);
      window.location.search = query.toString();
    });
    document.getElementById("keep").addEventListener("click", function () {
      document.getElementById("narrow").hidden = true;
      takeKeyboard();
    });
  };
})();
