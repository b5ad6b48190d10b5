// One of four files, each run by a jest worker of its own at the same time (the cases: scopeSuite.js).
import { scopeSuite } from './scopeSuite.js';

scopeSuite(2);
