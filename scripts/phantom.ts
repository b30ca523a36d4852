/**
 * Writes one synthetic four-view screening study (four DICOM MG files and truth.json) to a folder.
 * Run: npm run phantom -- --out DIR [--density 0.35] [--mass right-cc] ... (see --help)
 */
import { runCli } from '../server/phantom/cli';

process.exitCode = await runCli(process.argv.slice(2));
