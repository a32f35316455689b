// Builds a subtree of the table in one call from Python (py/app/shell/dom.py).
//
// Creating elements one by one from Python costs a call across Pyodide's
// bridge for every element, attribute and append: the first render of the
// table alone made thousands of them. Patcher instead hands a big subtree
// here as JSON, [tag, {attr: value}, [children]] with texts as strings, and
// gets back every node it made, in document order (each element before its
// children), to keep as its live tree.
(() => {
  "use strict";
  const SVG_NS = "http://www.w3.org/2000/svg";

  /** The nodes of the subtree `json`, in document order; `svg`: inside an <svg>. */
  window.thousandBuild = (json, svg) => {
    const nodes = [];
    const make = (node, inSvg) => {
      if (typeof node === "string") {
        const text = document.createTextNode(node);
        nodes.push(text);
        return text;
      }
      const [tag, attrs, children] = node;
      const isSvg = inSvg || tag === "svg";
      const el = isSvg ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
      nodes.push(el);
      for (const name of Object.keys(attrs)) el.setAttribute(name, attrs[name]);
      for (const child of children) el.appendChild(make(child, isSvg));
      return el;
    };
    make(JSON.parse(json), svg);
    return nodes;
  };
})();
