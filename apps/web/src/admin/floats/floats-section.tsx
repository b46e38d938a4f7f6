import { FourEyesSection } from '../four-eyes/four-eyes-section';
import { FloatLists } from './float-lists';
import { ProposeFloatForm } from './propose-float-form';
import { floatsTexts } from './texts';

/** Agents' float under four eyes: propose on one side, the queue and recent decisions beside it. */
export default function FloatsSection() {
  return <FourEyesSection texts={floatsTexts} form={<ProposeFloatForm />} lists={<FloatLists />} />;
}
