/**
 * What the console's build gives `qs` for its `side-channel` dependency (apps/web/vite.config.ts).
 * qs keeps, per object, where it met the object last, to stop on cycles. The package keeps that
 * in a WeakMap too, but brings along object-inspect and get-intrinsic to describe a missing
 * key and to reach the built-ins safely in old engines: 10 KiB gzipped on the sign-in page, for
 * browsers that all have WeakMap. CommonJS, as qs requires it.
 */
module.exports = function getSideChannel() {
  const objects = new WeakMap();
  const primitives = new Map();
  const isObject = (key) => (typeof key === 'object' && key !== null) || typeof key === 'function';
  const has = (key) => (isObject(key) ? objects.has(key) : primitives.has(key));
  return {
    assert(key) {
      if (!has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: (key) => (isObject(key) ? objects.delete(key) : primitives.delete(key)),
    get: (key) => (isObject(key) ? objects.get(key) : primitives.get(key)),
    has,
    set(key, value) {
      if (isObject(key)) objects.set(key, value);
      else primitives.set(key, value);
    },
  };
};
