// Side-effect imports: each file calls registerApi() with its capability's entry points.
// Add one line per capability file.
import './engines.ts';
export {};
import './tasks.ts';
import './judge.ts';
import './run.ts';
import './pipeline.ts';
import './exchange.ts';
import './verify.ts';
import './resolver.ts';
import './checks.ts';
import './record.ts';
