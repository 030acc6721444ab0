import { Result } from 'antd';
import { Link } from 'react-router-dom';
import { routes } from '@swapstuff/contracts';

/** A path inside a remote's subtree that the remote does not know (the shell shows the same for others). */
export function PageNotFound() {
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="Sorry, the page you are looking for does not exist or has moved."
      extra={<Link to={routes.home}>Back to Home</Link>}
    />
  );
}
