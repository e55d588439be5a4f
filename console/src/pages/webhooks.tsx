import { Empty } from '../ui/feedback.tsx';
import { Page } from '../ui/page.tsx';

export function Webhooks() {
  return (
    <Page title="Webhook deliveries">
      <Empty>Coming soon.</Empty>
    </Page>
  );
}
