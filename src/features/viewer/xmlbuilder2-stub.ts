/**
 * vtk.js (under Cornerstone) imports xmlbuilder2 for its VTK XML file reader and writer, which the
 * viewer never uses; xmlbuilder2 extends Node's EventEmitter, which a browser build lacks, and so
 * fails as soon as it loads. vite.config.ts points the import here instead.
 */
export function create(): never {
  throw new Error('VTK XML files are not supported in the browser.');
}
