/** The footer's last line (requirements R-footer: © 2023), on the site and on the e-mail pages. */
import { COLLEGE } from '../../../src/college';

export function CopyrightBar() {
  return (
    <div className="footer-bottom">
      <div className="container">
        © {COLLEGE.copyrightYear} {COLLEGE.name}. All rights reserved.
      </div>
    </div>
  );
}
