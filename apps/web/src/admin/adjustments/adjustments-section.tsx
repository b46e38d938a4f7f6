import { FourEyesSection } from '../four-eyes/four-eyes-section';
import { AdjustmentLists } from './adjustment-lists';
import { ProposeForm } from './propose-form';
import { adjustmentsTexts } from './texts';

/** Adjustments with two approvals: propose on one side, the queue and recent decisions beside it. */
export default function AdjustmentsSection() {
  return <FourEyesSection texts={adjustmentsTexts} form={<ProposeForm />} lists={<AdjustmentLists />} />;
}
