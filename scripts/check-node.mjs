// `npm ci` / `npm install` (preinstall): on a Node.js older than Hush needs, one line saying what `npm start` will do
// about it, in place of npm's engine warnings (.npmrc checks engines against the Node.js that will run Hush).
import { isSupported, notice } from './node-runtime.mjs';

if (!isSupported()) console.log(notice({ later: true }));
