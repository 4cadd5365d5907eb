import { SimplePage } from './simple-page';

export function PrivacyPage() {
  return (
    <SimplePage title="Privacy Policy" testId="privacy-page">
      <p>
        We keep the personal data you give us — your name, e-mail address and the optional profile details — to run your
        account and the companies you work in.
      </p>
      <p>
        Catalogue, sales and royalty data belong to the company that entered or imported them. We process them only to
        provide the service: storing them, delivering releases to the stores you choose and producing statements.
      </p>
      <p>
        We record sign-ins and important actions (with the IP address) to keep accounts secure. Logs are kept for as
        long as needed for security and accounting, and can be removed on request where the law allows.
      </p>
      <p>
        We do not sell personal data. Ask your company administrator or our support team for a copy of your data, a
        correction, or its deletion.
      </p>
    </SimplePage>
  );
}

export function TermsPage() {
  return (
    <SimplePage title="Terms of Use" testId="terms-page">
      <p>
        By using Label Platform you agree to use it only for catalogue you own or are authorised to manage, and to keep
        your sign-in details private.
      </p>
      <p>
        You are responsible for the accuracy of the metadata, audio and artwork you deliver. Stores may reject or take
        down releases that break their rules.
      </p>
      <p>
        Royalty statements are produced from the sales reports received; figures may change when stores send
        corrections.
      </p>
      <p>
        We may suspend accounts that misuse the service. These terms may change; we will tell you of material changes by
        e-mail or in the application.
      </p>
    </SimplePage>
  );
}
