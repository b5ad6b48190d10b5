// One of four files, each run by a worker of its own at the same time (the cases: suite.ts).
import { scopeSuite } from './suite.js';

scopeSuite(2);
