import type { Language } from '../../../shared/rules/languages.js';

/** What an account email says, in each language Hush ships (the page texts are in public/locales). */
export interface AccountMailTexts {
  verify: {
    subject: string;
    intro: (username: string, email: string) => string;
    /** `validity`: how long the link works, in words ("30 minutes"). */
    action: (validity: string) => string;
    ignore: string;
  };
  reset: {
    subject: string;
    intro: (username: string) => string;
    /** `validity`: how long the link works, in words ("30 minutes"). */
    action: (validity: string) => string;
    after: string;
    ignore: string;
  };
}

const en: AccountMailTexts = {
  verify: {
    subject: 'Confirm your email address for Hush',
    intro: (username, email) => `Confirm that ${email} is the email address of your Hush account ${username}.`,
    action: (validity) => `Open this link to confirm it (it works for ${validity}, once):`,
    ignore: 'If you did not ask for this, ignore this email: nothing changes.',
  },
  reset: {
    subject: 'Reset your Hush password',
    intro: (username) => `Someone, hopefully you, asked to reset the password of the Hush account ${username}.`,
    action: (validity) => `Open this link to choose a new password (it works for ${validity}, once):`,
    after: 'Once the password is changed, every session of the account is signed out.',
    ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  },
};

const nb: AccountMailTexts = {
  verify: {
    subject: 'Bekreft e-postadressen din for Hush',
    intro: (username, email) => `Bekreft at ${email} er e-postadressen til Hush-kontoen ${username}.`,
    action: (validity) => `Åpne denne lenken for å bekrefte den (den virker i ${validity}, én gang):`,
    ignore: 'Hvis du ikke ba om dette, kan du se bort fra denne e-posten: ingenting endres.',
  },
  reset: {
    subject: 'Tilbakestill Hush-passordet ditt',
    intro: (username) => `Noen, forhåpentligvis du, ba om å tilbakestille passordet til Hush-kontoen ${username}.`,
    action: (validity) => `Åpne denne lenken for å velge et nytt passord (den virker i ${validity}, én gang):`,
    after: 'Når passordet er endret, blir alle økter på kontoen logget ut.',
    ignore: 'Hvis du ikke ba om dette, kan du se bort fra denne e-posten: passordet ditt forblir som det er.',
  },
};

const de: AccountMailTexts = {
  verify: {
    subject: 'Bestätige deine E-Mail-Adresse für Hush',
    intro: (username, email) => `Bestätige, dass ${email} die E-Mail-Adresse deines Hush-Kontos ${username} ist.`,
    action: (validity) => `Öffne diesen Link, um sie zu bestätigen (er gilt ${validity} und einmal):`,
    ignore: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Es ändert sich nichts.',
  },
  reset: {
    subject: 'Hush-Passwort zurücksetzen',
    intro: (username) =>
      `Jemand, hoffentlich du, hat verlangt, das Passwort des Hush-Kontos ${username} zurückzusetzen.`,
    action: (validity) => `Öffne diesen Link, um ein neues Passwort zu wählen (er gilt ${validity} und einmal):`,
    after: 'Sobald das Passwort geändert ist, werden alle Sitzungen des Kontos abgemeldet.',
    ignore: 'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
  },
};

const fr: AccountMailTexts = {
  verify: {
    subject: 'Confirmez votre adresse e-mail pour Hush',
    intro: (username, email) => `Confirmez que ${email} est l’adresse e-mail de votre compte Hush ${username}.`,
    action: (validity) => `Ouvrez ce lien pour la confirmer (il fonctionne ${validity}, une seule fois) :`,
    ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail : rien ne change.',
  },
  reset: {
    subject: 'Réinitialiser votre mot de passe Hush',
    intro: (username) =>
      `Quelqu’un, vous sans doute, a demandé la réinitialisation du mot de passe du compte Hush ${username}.`,
    action: (validity) =>
      `Ouvrez ce lien pour choisir un nouveau mot de passe (il fonctionne ${validity}, une seule fois) :`,
    after: 'Une fois le mot de passe changé, toutes les sessions du compte sont déconnectées.',
    ignore: 'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
};

const es: AccountMailTexts = {
  verify: {
    subject: 'Confirma tu dirección de correo para Hush',
    intro: (username, email) => `Confirma que ${email} es la dirección de correo de tu cuenta de Hush ${username}.`,
    action: (validity) => `Abre este enlace para confirmarla (funciona durante ${validity}, una sola vez):`,
    ignore: 'Si no lo has pedido, ignora este correo: no cambia nada.',
  },
  reset: {
    subject: 'Restablece tu contraseña de Hush',
    intro: (username) =>
      `Alguien, probablemente tú, ha pedido restablecer la contraseña de la cuenta de Hush ${username}.`,
    action: (validity) =>
      `Abre este enlace para elegir una contraseña nueva (funciona durante ${validity}, una sola vez):`,
    after: 'Cuando se cambie la contraseña, se cerrarán todas las sesiones de la cuenta.',
    ignore: 'Si no lo has pedido, ignora este correo: tu contraseña sigue igual.',
  },
};

const zh: AccountMailTexts = {
  verify: {
    subject: '确认你在 Hush 的电子邮件地址',
    intro: (username, email) => `请确认 ${email} 是你的 Hush 账户 ${username} 的电子邮件地址。`,
    action: (validity) => `打开此链接进行确认（${validity}内有效，仅可使用一次）：`,
    ignore: '如果这不是你本人的请求，请忽略此邮件：不会有任何变化。',
  },
  reset: {
    subject: '重置你的 Hush 密码',
    intro: (username) => `有人（希望是你）请求重置 Hush 账户 ${username} 的密码。`,
    action: (validity) => `打开此链接设置新密码（${validity}内有效，仅可使用一次）：`,
    after: '密码更改后，该账户的所有会话都会被退出登录。',
    ignore: '如果这不是你本人的请求，请忽略此邮件：你的密码保持不变。',
  },
};

export const ACCOUNT_MAIL_TEXTS: Record<Language, AccountMailTexts> = { en, nb, de, fr, es, zh };
