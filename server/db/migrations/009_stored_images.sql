-- The images of a study when they live in Orthanc (STORAGE=orthanc), so that every API and worker
-- process finds them whichever one received the upload.
--
-- orthanc_instances: each uploaded DICOM file's Orthanc instance, by owner, task (or demo profile)
-- and file name. Orthanc keeps one instance per patient/study/series/SOP UIDs, so two tasks
-- holding the same file (a study sent twice) share it: the instance is deleted with its last row.
CREATE TABLE orthanc_instances (
  owner_id text NOT NULL,
  task_id text NOT NULL,
  name text NOT NULL,
  orthanc_id text NOT NULL,
  bytes bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, task_id, name)
);
CREATE INDEX orthanc_instances_orthanc_id ON orthanc_instances (orthanc_id);

-- derived_images: the display PNGs and overlays the pipeline makes from a study's DICOM files.
-- They are kept here rather than as Orthanc attachments: they are small (tens to hundreds of kB),
-- read on every results page, belong to one task (an Orthanc instance may be shared by two, see
-- above), and so live and go with the task's row, in the same backups, with no extra Orthanc set-up
-- (user-defined attachment types must be declared in Orthanc's configuration).
CREATE TABLE derived_images (
  owner_id text NOT NULL,
  task_id text NOT NULL,
  name text NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, task_id, name)
);
