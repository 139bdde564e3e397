import PublicPage from './PublicPage.jsx';
import { getBrand } from '../../lib/config.js';

export default function DisclaimerPage() {
  const brand = getBrand();
  return (
    <PublicPage title="Disclaimer">
      <h2>Funding acknowledgement</h2>
      {brand.fundingFooter ? (
        <p>
          {brand.fundingText} The content of this platform reflects only the authors&rsquo; views. The
          European Commission and the Innovation and Networks Executive Agency (INEA) are not responsible
          for any use that may be made of the information it contains.
        </p>
      ) : (
        <p>
          The {brand.title} is developed and operated by the energy consultancy behind {brand.name},
          building on tools first created within a European research project on deep building renovation.
        </p>
      )}

      <h2>Ownership</h2>
      <p>
        The platform software, its design and the methodology content are the property of the partners of
        the consortium that developed them. Projects, documents, files and data that users place on the
        platform remain the property of the organisations that contributed them; placing them here grants
        the other members of the same portal the right to view and use them for the purposes of that portal
        only.
      </p>

      <h2>Non-commercial use only</h2>
      <p>
        Access to the platform is granted for research, demonstration and non-commercial purposes only. No
        part of the platform, its content or its data may be sold, sub-licensed, or used to provide a
        commercial service without the prior written agreement of the owners.
      </p>

      <h2>No warranty</h2>
      <p>
        The information on this platform is provided &ldquo;as is&rdquo; and no guarantee or warranty is
        given that it is fit for any particular purpose. Users use it at their sole risk and liability.
      </p>
    </PublicPage>
  );
}
