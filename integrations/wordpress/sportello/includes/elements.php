<?php
/**
 * The elements' tags as the shortcodes, the blocks and the launcher write them. One place
 * turns settings and options into attributes, and every name and value goes through esc_attr().
 *
 * @package Sportello
 */

defined( 'ABSPATH' ) || exit;

/** `<tag a="b"…></tag>`; attributes that are null, false or '' are left out, true ones written bare. */
function sportello_tag( $tag, array $attributes ) {
	$html = '<' . tag_escape( $tag );
	foreach ( $attributes as $name => $value ) {
		if ( null === $value || false === $value || '' === $value ) {
			continue;
		}
		$html .= ' ' . esc_attr( $name ) . ( true === $value ? '' : '="' . esc_attr( (string) $value ) . '"' );
	}
	return $html . '></' . tag_escape( $tag ) . '>';
}

/** The language the settings pin, if any (else the element follows the page's `lang`). */
function sportello_lang( $own = '' ) {
	$own = (string) $own;
	if ( '' !== $own && isset( sportello_languages()[ $own ] ) ) {
		return $own;
	}
	return sportello_settings()['default_lang'];
}

/** A short notice for editors when the settings miss what an element needs; visitors see nothing. */
function sportello_setup_notice( $what ) {
	if ( ! current_user_can( 'manage_options' ) ) {
		return '';
	}
	return '<p class="sportello-notice">' . esc_html(
		sprintf( /* translators: %s: what is missing */ __( 'Sportello: %s is not configured (Settings → Sportello).', 'sportello' ), $what )
	) . '</p>';
}

function sportello_live_chat_html( array $o ) {
	$s        = sportello_settings();
	$endpoint = sportello_endpoint( 'chat' );
	$key      = '' !== (string) $o['widget_key'] ? $o['widget_key'] : $s['widget_key'];
	if ( '' === $endpoint || '' === $key ) {
		return sportello_setup_notice( __( 'the live chat', 'sportello' ) );
	}
	sportello_enqueue();
	$user = wp_get_current_user();
	return sportello_tag(
		'sportello-live-chat',
		array(
			'widget-key' => $key,
			'endpoint'   => $endpoint,
			'mode'       => in_array( $o['mode'], array( 'inline', 'launcher' ), true ) ? $o['mode'] : 'launcher',
			'position'   => in_array( $o['position'], array( 'bottom-right', 'bottom-left' ), true ) ? $o['position'] : '',
			'category'   => absint( $o['category'] ) ? absint( $o['category'] ) : '',
			'name'       => $user->exists() ? $user->display_name : '',
			'email'      => $user->exists() ? $user->user_email : '',
			'lang'       => sportello_lang( $o['lang'] ),
		)
	);
}

function sportello_ai_chat_html( array $o ) {
	$endpoint = sportello_endpoint( 'ai' );
	if ( '' === $endpoint ) {
		return sportello_setup_notice( __( 'the AI assistant', 'sportello' ) );
	}
	sportello_enqueue();
	$agents = sportello_int_list( sportello_settings()['ai_agents'] );
	$agent  = absint( $o['agent'] ) ? absint( $o['agent'] ) : ( $agents ? $agents[0] : '' );
	return sportello_tag(
		'sportello-ai-chat',
		array(
			'agent-id' => $agent,
			'endpoint' => $endpoint,
			'heading'  => $o['heading'],
			'welcome'  => $o['welcome'],
			'mode'     => in_array( $o['mode'], array( 'inline', 'launcher' ), true ) ? $o['mode'] : '',
			'persist'  => in_array( $o['persist'], array( 'session', 'local' ), true ) ? $o['persist'] : '',
			'lang'     => sportello_lang( $o['lang'] ),
		)
	);
}

function sportello_sign_viewer_html( array $o ) {
	$endpoint = sportello_endpoint( 'sign' );
	if ( '' === $endpoint ) {
		return sportello_setup_notice( __( 'the signing service', 'sportello' ) );
	}
	$file = absint( $o['file'] );
	if ( ! $file ) {
		// A member's own practice when the shortcode names none.
		$files = is_user_logged_in() ? sportello_int_list( get_user_meta( get_current_user_id(), 'sportello_sign_files', true ) ) : array();
		$file  = $files ? $files[0] : 0;
	}
	if ( ! $file ) {
		return sportello_setup_notice( __( 'the practice to show (file="…")', 'sportello' ) );
	}
	sportello_enqueue();
	$user = wp_get_current_user();
	// "About this document" (ask="yes"): the AI summary and questions, through the gateway's AI path
	// (the gateway sends the PDF to the AI service itself). Without an AI endpoint the viewer is
	// written without it, and editors are told; signing never depends on it.
	$ask    = in_array( strtolower( $o['ask'] ), array( 'yes', '1', 'true', 'on' ), true );
	$ai     = $ask ? sportello_endpoint( 'ai' ) : '';
	$notice = $ask && '' === $ai ? sportello_setup_notice( __( 'the AI service (for "About this document")', 'sportello' ) ) : '';
	return $notice . sportello_tag(
		'sportello-sign-viewer',
		array(
			'id-file'      => $file,
			'endpoint'     => $endpoint,
			'signer-email' => $user->exists() ? $user->user_email : '',
			'sign-mode'    => 'dialog' === $o['sign_mode'] ? 'dialog' : '',
			'ask-document' => '' !== $ai,
			'ai-endpoint'  => $ai,
			'lang'         => sportello_lang( $o['lang'] ),
		)
	);
}

/**
 * The composer, for members allowed to prepare and send practices (their profile): a visitor or
 * another member gets nothing (the gateway would refuse their token anyway), an administrator a
 * word on who sees it. The signers a member marks "signs here, on this device" sign at once in the
 * viewer below (`open-viewer`), hosted by the member's username at the service (their token's).
 */
function sportello_sign_composer_html( array $o ) {
	$endpoint = sportello_endpoint( 'sign' );
	if ( '' === $endpoint ) {
		return sportello_setup_notice( __( 'the signing service', 'sportello' ) );
	}
	if ( ! sportello_members_have_tokens() || null === sportello_sign_author( get_current_user_id() ) ) {
		return current_user_can( 'manage_options' )
			? '<p class="sportello-notice">' . esc_html__( 'Sportello: only members allowed to prepare practices (their profile) see the practice composer.', 'sportello' ) . '</p>'
			: '';
	}
	sportello_enqueue();
	$type = preg_match( '/^[\w.-]{1,100}$/', $o['process_type'] ) ? $o['process_type'] : '';
	return sportello_tag(
		'sportello-sign-composer',
		array(
			'endpoint'     => $endpoint,
			'process-type' => $type,
			'open-viewer'  => 'no' !== $o['open_viewer'],
			'lang'         => sportello_lang( $o['lang'] ),
		)
	);
}

function sportello_desk_form_html( array $o ) {
	$endpoint = sportello_endpoint( 'desk' );
	if ( '' === $endpoint ) {
		return sportello_setup_notice( __( 'the help desk', 'sportello' ) );
	}
	sportello_enqueue();
	$s       = sportello_settings();
	$catalog = '' !== $s['desk_catalog'] ? $s['desk_catalog'] : $endpoint . '/__catalog.json';
	$id_desk = is_user_logged_in() ? (int) get_user_meta( get_current_user_id(), 'sportello_desk_id_utente', true ) : 0;
	return sportello_tag(
		'sportello-desk-form',
		array(
			'endpoint'    => $endpoint,
			'catalog-src' => $catalog,
			'user-id'     => $id_desk > 0 ? $id_desk : '',
			'request-id'  => absint( $o['request'] ) ? absint( $o['request'] ) : '',
			'lang'        => sportello_lang( $o['lang'] ),
		)
	);
}

function sportello_desk_requests_html( array $o ) {
	$endpoint = sportello_endpoint( 'desk' );
	if ( '' === $endpoint ) {
		return sportello_setup_notice( __( 'the help desk', 'sportello' ) );
	}
	sportello_enqueue();
	$id_desk = is_user_logged_in() ? (int) get_user_meta( get_current_user_id(), 'sportello_desk_id_utente', true ) : 0;
	return sportello_tag(
		'sportello-desk-requests',
		array(
			'endpoint'  => $endpoint,
			'user-id'   => $id_desk > 0 ? $id_desk : '',
			'page-size' => absint( $o['page_size'] ) ? absint( $o['page_size'] ) : '',
			'lang'      => sportello_lang( $o['lang'] ),
		)
	);
}
