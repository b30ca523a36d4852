import { SubmitWizard } from '../features/submit/SubmitWizard';

export default function SubmitPage() {
  return <SubmitWizard />;
}
