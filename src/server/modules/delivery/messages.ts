import type { EventType, TEST_EVENT } from '../../../shared/rules/events.js';
import type { Language } from '../../../shared/rules/languages.js';
import type { EventData } from '../events/events.repository.js';

/**
 * What an event says in words, for emails (in the recipient's language), Slack and ntfy: the event, its time and ids,
 * never content, titles, keys or addresses.
 */
type Texts = {
  subject: string;
  footer: string;
  time: string;
  id: string;
  /** A few words naming the event: the Title of an ntfy notification. */
  titles: Record<EventType | typeof TEST_EVENT, string>;
  events: Record<string, (data: EventData, id: string) => string>;
};

const views = (data: EventData) => Number(data.viewsLeft ?? 0);

const en: Texts = {
  subject: 'Hush',
  footer: 'You get these emails because you chose them in your Hush account (Activity › Notifications).',
  time: 'Time',
  id: 'Id',
  titles: {
    'secret.viewed': 'Secret opened',
    'secret.burned': 'Secret burned',
    'secret.expired': 'Secret expired',
    'secret.password_failed': 'Wrong password',
    'request.created': 'Request created',
    'request.answered': 'Request answered',
    'request.revoked': 'Request revoked',
    'request.expired': 'Request expired',
    'token.created': 'API token created',
    'token.first_used': 'API token first used',
    'session.new_device': 'New sign-in',
    'webhook.disabled': 'Webhook turned off',
    'webhook.test': 'Test event',
  },
  events: {
    'secret.viewed': (d, id) =>
      d.ended
        ? `Your secret ${id} was opened; it had no views left and is deleted.`
        : `Your secret ${id} was opened (${views(d)} views left).`,
    'secret.burned': (d, id) =>
      d.by === 'reader'
        ? `Your secret ${id} was burned by its reader.`
        : d.by === 'attempts'
          ? `Your secret ${id} was burned after too many wrong passwords.`
          : `Your secret ${id} was burned by its creator.`,
    'secret.expired': (d, id) => (d.unread ? `Your secret ${id} expired unread.` : `Your secret ${id} expired.`),
    'secret.password_failed': (d, id) =>
      `A wrong password was tried on your secret ${id} (${Number(d.attemptsLeft ?? 0)} attempts left).`,
    'request.created': (_, id) => `You created the request ${id}.`,
    'request.answered': (_, id) => `Your request ${id} was answered.`,
    'request.revoked': (_, id) => `Your request ${id} was revoked.`,
    'request.expired': (_, id) => `Your request ${id} expired.`,
    'token.created': (_, id) => `An API token was created (${id}).`,
    'token.first_used': (_, id) => `An API token was used for the first time (${id}).`,
    'session.new_device': () => 'Someone signed in to your account from a new device.',
    'webhook.disabled': (_, id) => `Your webhook ${id} was turned off: it failed every delivery for the retry window.`,
    'webhook.test': (_, id) => `This is a test event from Hush for webhook ${id}.`,
  },
};

const nb: Texts = {
  subject: 'Hush',
  footer: 'Du får disse e-postene fordi du valgte dem i Hush-kontoen din (Aktivitet › Varsler).',
  time: 'Tid',
  id: 'Id',
  titles: {
    'secret.viewed': 'Hemmelighet åpnet',
    'secret.burned': 'Hemmelighet brent',
    'secret.expired': 'Hemmelighet utløpt',
    'secret.password_failed': 'Feil passord',
    'request.created': 'Forespørsel opprettet',
    'request.answered': 'Forespørsel besvart',
    'request.revoked': 'Forespørsel trukket tilbake',
    'request.expired': 'Forespørsel utløpt',
    'token.created': 'API-token opprettet',
    'token.first_used': 'API-token brukt første gang',
    'session.new_device': 'Ny innlogging',
    'webhook.disabled': 'Webhook slått av',
    'webhook.test': 'Testhendelse',
  },
  events: {
    'secret.viewed': (d, id) =>
      d.ended
        ? `Hemmeligheten ${id} ble åpnet; den har ingen visninger igjen og er slettet.`
        : `Hemmeligheten ${id} ble åpnet (${views(d)} visninger igjen).`,
    'secret.burned': (d, id) =>
      d.by === 'reader'
        ? `Hemmeligheten ${id} ble brent av leseren.`
        : d.by === 'attempts'
          ? `Hemmeligheten ${id} ble brent etter for mange feil passord.`
          : `Hemmeligheten ${id} ble brent av den som laget den.`,
    'secret.expired': (d, id) => (d.unread ? `Hemmeligheten ${id} utløp uåpnet.` : `Hemmeligheten ${id} utløp.`),
    'secret.password_failed': (d, id) =>
      `Et feil passord ble prøvd på hemmeligheten ${id} (${Number(d.attemptsLeft ?? 0)} forsøk igjen).`,
    'request.created': (_, id) => `Du opprettet forespørselen ${id}.`,
    'request.answered': (_, id) => `Forespørselen ${id} ble besvart.`,
    'request.revoked': (_, id) => `Forespørselen ${id} ble trukket tilbake.`,
    'request.expired': (_, id) => `Forespørselen ${id} utløp.`,
    'token.created': (_, id) => `Et API-token ble opprettet (${id}).`,
    'token.first_used': (_, id) => `Et API-token ble brukt for første gang (${id}).`,
    'session.new_device': () => 'Noen logget inn på kontoen din fra en ny enhet.',
    'webhook.disabled': (_, id) => `Webhooken ${id} ble slått av: alle leveringer feilet gjennom hele forsøksperioden.`,
    'webhook.test': (_, id) => `Dette er en testhendelse fra Hush for webhooken ${id}.`,
  },
};

const de: Texts = {
  subject: 'Hush',
  footer: 'Du erhältst diese E-Mails, weil du sie in deinem Hush-Konto gewählt hast (Aktivität › Benachrichtigungen).',
  time: 'Zeit',
  id: 'ID',
  titles: {
    'secret.viewed': 'Geheimnis geöffnet',
    'secret.burned': 'Geheimnis vernichtet',
    'secret.expired': 'Geheimnis abgelaufen',
    'secret.password_failed': 'Falsches Passwort',
    'request.created': 'Anfrage erstellt',
    'request.answered': 'Anfrage beantwortet',
    'request.revoked': 'Anfrage zurückgezogen',
    'request.expired': 'Anfrage abgelaufen',
    'token.created': 'API-Token erstellt',
    'token.first_used': 'API-Token erstmals benutzt',
    'session.new_device': 'Neue Anmeldung',
    'webhook.disabled': 'Webhook ausgeschaltet',
    'webhook.test': 'Testereignis',
  },
  events: {
    'secret.viewed': (d, id) =>
      d.ended
        ? `Dein Geheimnis ${id} wurde geöffnet; es hat keine Aufrufe mehr und ist gelöscht.`
        : `Dein Geheimnis ${id} wurde geöffnet (noch ${views(d)} Aufrufe).`,
    'secret.burned': (d, id) =>
      d.by === 'reader'
        ? `Dein Geheimnis ${id} wurde vom Empfänger vernichtet.`
        : d.by === 'attempts'
          ? `Dein Geheimnis ${id} wurde nach zu vielen falschen Passwörtern vernichtet.`
          : `Dein Geheimnis ${id} wurde von seinem Ersteller vernichtet.`,
    'secret.expired': (d, id) =>
      d.unread ? `Dein Geheimnis ${id} ist ungelesen abgelaufen.` : `Dein Geheimnis ${id} ist abgelaufen.`,
    'secret.password_failed': (d, id) =>
      `Für dein Geheimnis ${id} wurde ein falsches Passwort versucht (noch ${Number(d.attemptsLeft ?? 0)} Versuche).`,
    'request.created': (_, id) => `Du hast die Anfrage ${id} erstellt.`,
    'request.answered': (_, id) => `Deine Anfrage ${id} wurde beantwortet.`,
    'request.revoked': (_, id) => `Deine Anfrage ${id} wurde zurückgezogen.`,
    'request.expired': (_, id) => `Deine Anfrage ${id} ist abgelaufen.`,
    'token.created': (_, id) => `Ein API-Token wurde erstellt (${id}).`,
    'token.first_used': (_, id) => `Ein API-Token wurde zum ersten Mal benutzt (${id}).`,
    'session.new_device': () => 'Jemand hat sich von einem neuen Gerät bei deinem Konto angemeldet.',
    'webhook.disabled': (_, id) =>
      `Dein Webhook ${id} wurde ausgeschaltet: Jede Zustellung ist über den gesamten Wiederholungszeitraum fehlgeschlagen.`,
    'webhook.test': (_, id) => `Dies ist ein Testereignis von Hush für den Webhook ${id}.`,
  },
};

const fr: Texts = {
  subject: 'Hush',
  footer: 'Vous recevez ces e-mails car vous les avez choisis dans votre compte Hush (Activité › Notifications).',
  time: 'Heure',
  id: 'Identifiant',
  titles: {
    'secret.viewed': 'Secret ouvert',
    'secret.burned': 'Secret détruit',
    'secret.expired': 'Secret expiré',
    'secret.password_failed': 'Mot de passe erroné',
    'request.created': 'Demande créée',
    'request.answered': 'Réponse à une demande',
    'request.revoked': 'Demande révoquée',
    'request.expired': 'Demande expirée',
    'token.created': 'Jeton d’API créé',
    'token.first_used': 'Premier usage d’un jeton d’API',
    'session.new_device': 'Nouvelle connexion',
    'webhook.disabled': 'Webhook désactivé',
    'webhook.test': 'Événement de test',
  },
  events: {
    'secret.viewed': (d, id) =>
      d.ended
        ? `Votre secret ${id} a été ouvert ; il n’a plus de vue et est supprimé.`
        : `Votre secret ${id} a été ouvert (${views(d)} vues restantes).`,
    'secret.burned': (d, id) =>
      d.by === 'reader'
        ? `Votre secret ${id} a été détruit par son lecteur.`
        : d.by === 'attempts'
          ? `Votre secret ${id} a été détruit après trop de mots de passe erronés.`
          : `Votre secret ${id} a été détruit par son créateur.`,
    'secret.expired': (d, id) =>
      d.unread ? `Votre secret ${id} a expiré sans être lu.` : `Votre secret ${id} a expiré.`,
    'secret.password_failed': (d, id) =>
      `Un mauvais mot de passe a été essayé sur votre secret ${id} (${Number(d.attemptsLeft ?? 0)} essais restants).`,
    'request.created': (_, id) => `Vous avez créé la demande ${id}.`,
    'request.answered': (_, id) => `Votre demande ${id} a reçu une réponse.`,
    'request.revoked': (_, id) => `Votre demande ${id} a été révoquée.`,
    'request.expired': (_, id) => `Votre demande ${id} a expiré.`,
    'token.created': (_, id) => `Un jeton d’API a été créé (${id}).`,
    'token.first_used': (_, id) => `Un jeton d’API a été utilisé pour la première fois (${id}).`,
    'session.new_device': () => 'Quelqu’un s’est connecté à votre compte depuis un nouvel appareil.',
    'webhook.disabled': (_, id) =>
      `Votre webhook ${id} a été désactivé : chaque envoi a échoué pendant toute la période de nouvelles tentatives.`,
    'webhook.test': (_, id) => `Ceci est un événement de test de Hush pour le webhook ${id}.`,
  },
};

const es: Texts = {
  subject: 'Hush',
  footer: 'Recibe estos correos porque los eligió en su cuenta de Hush (Actividad › Notificaciones).',
  time: 'Hora',
  id: 'Id',
  titles: {
    'secret.viewed': 'Secreto abierto',
    'secret.burned': 'Secreto destruido',
    'secret.expired': 'Secreto caducado',
    'secret.password_failed': 'Contraseña incorrecta',
    'request.created': 'Solicitud creada',
    'request.answered': 'Solicitud respondida',
    'request.revoked': 'Solicitud revocada',
    'request.expired': 'Solicitud caducada',
    'token.created': 'Token de API creado',
    'token.first_used': 'Primer uso de un token de API',
    'session.new_device': 'Nuevo inicio de sesión',
    'webhook.disabled': 'Webhook desactivado',
    'webhook.test': 'Evento de prueba',
  },
  events: {
    'secret.viewed': (d, id) =>
      d.ended
        ? `Su secreto ${id} se abrió; no le quedan vistas y se ha eliminado.`
        : `Su secreto ${id} se abrió (quedan ${views(d)} vistas).`,
    'secret.burned': (d, id) =>
      d.by === 'reader'
        ? `Su secreto ${id} fue destruido por su lector.`
        : d.by === 'attempts'
          ? `Su secreto ${id} fue destruido tras demasiadas contraseñas incorrectas.`
          : `Su secreto ${id} fue destruido por su creador.`,
    'secret.expired': (d, id) => (d.unread ? `Su secreto ${id} caducó sin leerse.` : `Su secreto ${id} caducó.`),
    'secret.password_failed': (d, id) =>
      `Se probó una contraseña incorrecta en su secreto ${id} (quedan ${Number(d.attemptsLeft ?? 0)} intentos).`,
    'request.created': (_, id) => `Creó la solicitud ${id}.`,
    'request.answered': (_, id) => `Su solicitud ${id} fue respondida.`,
    'request.revoked': (_, id) => `Su solicitud ${id} fue revocada.`,
    'request.expired': (_, id) => `Su solicitud ${id} caducó.`,
    'token.created': (_, id) => `Se creó un token de API (${id}).`,
    'token.first_used': (_, id) => `Se usó un token de API por primera vez (${id}).`,
    'session.new_device': () => 'Alguien inició sesión en su cuenta desde un dispositivo nuevo.',
    'webhook.disabled': (_, id) =>
      `Su webhook ${id} se desactivó: todas las entregas fallaron durante todo el periodo de reintentos.`,
    'webhook.test': (_, id) => `Este es un evento de prueba de Hush para el webhook ${id}.`,
  },
};

const zh: Texts = {
  subject: 'Hush',
  footer: '您收到这些邮件，是因为您在 Hush 账户中选择了它们（活动 › 通知）。',
  time: '时间',
  id: 'ID',
  titles: {
    'secret.viewed': '秘密已打开',
    'secret.burned': '秘密已销毁',
    'secret.expired': '秘密已过期',
    'secret.password_failed': '密码错误',
    'request.created': '请求已创建',
    'request.answered': '请求已收到回复',
    'request.revoked': '请求已撤销',
    'request.expired': '请求已过期',
    'token.created': 'API 令牌已创建',
    'token.first_used': 'API 令牌首次使用',
    'session.new_device': '新的登录',
    'webhook.disabled': 'Webhook 已关闭',
    'webhook.test': '测试事件',
  },
  events: {
    'secret.viewed': (d, id) =>
      d.ended
        ? `您的秘密 ${id} 已被打开；它已没有剩余查看次数并已删除。`
        : `您的秘密 ${id} 已被打开（剩余 ${views(d)} 次查看）。`,
    'secret.burned': (d, id) =>
      d.by === 'reader'
        ? `您的秘密 ${id} 已被读者销毁。`
        : d.by === 'attempts'
          ? `您的秘密 ${id} 因多次密码错误已被销毁。`
          : `您的秘密 ${id} 已被创建者销毁。`,
    'secret.expired': (d, id) => (d.unread ? `您的秘密 ${id} 未被阅读就已过期。` : `您的秘密 ${id} 已过期。`),
    'secret.password_failed': (d, id) =>
      `有人对您的秘密 ${id} 尝试了错误的密码（剩余 ${Number(d.attemptsLeft ?? 0)} 次尝试）。`,
    'request.created': (_, id) => `您创建了请求 ${id}。`,
    'request.answered': (_, id) => `您的请求 ${id} 已收到回复。`,
    'request.revoked': (_, id) => `您的请求 ${id} 已撤销。`,
    'request.expired': (_, id) => `您的请求 ${id} 已过期。`,
    'token.created': (_, id) => `已创建一个 API 令牌（${id}）。`,
    'token.first_used': (_, id) => `一个 API 令牌首次被使用（${id}）。`,
    'session.new_device': () => '有人从新设备登录了您的账户。',
    'webhook.disabled': (_, id) => `您的 Webhook ${id} 已被关闭：在整个重试期间每次投递都失败了。`,
    'webhook.test': (_, id) => `这是 Hush 为 Webhook ${id} 发送的测试事件。`,
  },
};

const TEXTS: Record<Language, Texts> = { en, nb, de, fr, es, zh };

export function textsFor(language: string | null | undefined): Texts {
  return TEXTS[(language ?? 'en') as Language] ?? en;
}

/** One sentence saying what happened. */
export function describeEvent(
  event: { type: string; subjectId: string; data: EventData },
  language?: string | null,
): string {
  const texts = textsFor(language);
  const say = texts.events[event.type] ?? en.events[event.type];
  return say ? say(event.data, event.subjectId) : `${event.type} (${event.subjectId})`;
}

/** A few words naming the event ("Secret opened"); an unknown type is named as it is. */
export function eventTitle(type: string, language?: string | null): string {
  const texts = textsFor(language);
  return (texts.titles as Record<string, string>)[type] ?? (en.titles as Record<string, string>)[type] ?? type;
}

export const MESSAGE_LANGUAGES = Object.keys(TEXTS) as Language[];
