import type { Config } from '../config';
import type { Db } from '../db/client';
import { storedImagesRepository } from '../db/repositories/stored-images.repository';
import { fileStore } from './files';
import type { ImageStore } from './image-store';
import { orthancClient, orthancImageStore } from './orthanc-store';

/** The image store STORAGE names: the API and the worker build theirs here, so both use the same. */
export function createImageStore(config: Config, db: Db): ImageStore {
  const local = fileStore(config.dataDir);
  if (config.storage.kind === 'local') return local;
  return orthancImageStore({ orthanc: orthancClient(config.storage), repo: storedImagesRepository(db), staging: local });
}
