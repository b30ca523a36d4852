import { useState } from 'react';
import { Navigate, useParams } from '@tanstack/react-router';
import { EmpowerLayout } from '../features/empower/EmpowerLayout';
import { ProcessingStep } from '../features/empower/ProcessingStep';
import { ResultStep } from '../features/empower/ResultStep';
import { RetrieveStep } from '../features/empower/RetrieveStep';
import { EMPOWER_PAGES, type EmpowerPage } from '../features/empower/steps';
import { UploadStep } from '../features/empower/UploadStep';

/** /empower and its children retrieve, upload, processing, result (superusers only; the guard is in the router). */
export default function EmpowerScreen() {
  const params = useParams({ strict: false }) as { _splat?: string };
  const page = (params._splat ?? '').split('/')[0] as EmpowerPage;
  const [hasFiles, setHasFiles] = useState(false);
  if (!EMPOWER_PAGES.includes(page)) return <Navigate to="/empower/$" params={{ _splat: 'retrieve' }} replace />;
  const step = page === 'upload' && hasFiles ? 'submit' : page;
  return (
    <EmpowerLayout step={step}>
      {page === 'retrieve' && <RetrieveStep />}
      {page === 'upload' && <UploadStep onFilesChange={setHasFiles} />}
      {page === 'processing' && <ProcessingStep />}
      {page === 'result' && <ResultStep />}
    </EmpowerLayout>
  );
}
