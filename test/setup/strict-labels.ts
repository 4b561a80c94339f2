// In every test file: a label looked up without one of its `{name}` parameters throws, so the test of the
// screen, notice or reply that forgot it fails there (src/shared/labels/text.ts).
import { reportMissingParams, throwMissingParam } from '../../src/shared/labels/text.js';

reportMissingParams(throwMissingParam);
