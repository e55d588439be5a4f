import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Message({ msgKey }: { msgKey: string }) {
  return (
    <Page title={`Message ${msgKey}`}>
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
