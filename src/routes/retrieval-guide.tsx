import { RetrievalGuide } from '../features/submit/RetrievalGuide';

export default function RetrievalGuidePage() {
  return <RetrievalGuide />;
}
