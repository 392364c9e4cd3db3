// A worker thread starts as plain Node whatever runs the server: tsx under `npm start`, Vitest in
// the tests. Registering tsx's loader here lets it import Questa's TypeScript sources either way.
import { register } from 'tsx/esm/api';

register();
const { parseTask } = await import('./parse-worker.ts');

export default parseTask;
